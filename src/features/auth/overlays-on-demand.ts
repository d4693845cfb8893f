import { $needsPhoneVerify } from '../../stores/auth.ts';
import { $ui } from '../../stores/ui.ts';
// The island pages' forms share these styles, which came with the overlays when they mounted at once.
import './forms.css';

let watching = false;

/**
 * Mounts the page-wide overlays (overlays.tsx: the error modal, the phone-verification modal) the
 * first time one has something to show, instead of with the island: their code (and the form
 * validation the phone modal brings) is then never downloaded on a visit where nothing goes wrong.
 * A message set before the modal's code has arrived is shown once it has.
 */
export function mountOverlaysOnDemand(): void {
  if (watching) return;
  watching = true;
  let mounted = false;
  const stops: (() => void)[] = [];
  const mount = () => {
    if (mounted) return;
    mounted = true;
    // Stopped after this call stack: a store may call back while it is still being subscribed to.
    queueMicrotask(() => {
      for (const stop of stops) stop();
    });
    void import('./overlays.tsx').then((m) => m.mountOverlays());
  };
  stops.push($ui.subscribe((ui) => ui.errorMessage !== null && mount()));
  stops.push($needsPhoneVerify.subscribe((needed) => needed && mount()));
}
