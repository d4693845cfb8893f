import { type Model, m } from './model.ts';

/** Amplifiers, receivers and phono stages. */
export const AMPLIFIER_MODELS: Model[] = [
  m('marantz', 'amplifiers', 'PM6007', 'integrated-amp', 22900, ['black', 'silver'], ['phono', 'hires'], {
    power: '2 × 45 W (8 Ω)',
    inputs: ['類比 ×5、光纖、同軸、Phono', 'Analogue ×5, optical, coaxial, phono'],
    weight: '7800',
  }),
  m(
    'marantz',
    'amplifiers',
    'MODEL 40n',
    'network-amp',
    85000,
    ['black', 'silver'],
    ['streaming', 'hdmi', 'phono', 'premium'],
    {
      power: '2 × 70 W (8 Ω)',
      inputs: ['HDMI ARC、光纖、同軸、類比、Phono、Wi-Fi', 'HDMI ARC, optical, coaxial, analogue, phono, Wi-Fi'],
      weight: '13700',
    },
  ),
  m('marantz', 'amplifiers', 'MODEL M1', 'network-amp', 39900, ['black', 'silver'], ['streaming', 'hdmi'], {
    power: '2 × 100 W (8 Ω)',
    inputs: ['HDMI eARC、光纖、類比、Wi-Fi', 'HDMI eARC, optical, analogue, Wi-Fi'],
    weight: '2200',
  }),
  m(
    'marantz',
    'amplifiers',
    'CINEMA 70s',
    'av-receiver',
    49900,
    ['black', 'silver'],
    ['atmos', 'streaming', 'calibration'],
    { channels: '7.2', power: '7 × 50 W (8 Ω)', inputs: ['HDMI 8K ×6', 'HDMI 8K ×6'], weight: '8400' },
  ),
  m('denon', 'amplifiers', 'PMA-600NE', 'integrated-amp', 18900, ['black', 'silver'], ['bluetooth', 'phono'], {
    power: '2 × 45 W (8 Ω)',
    inputs: ['類比 ×4、光纖 ×2、同軸、Phono', 'Analogue ×4, optical ×2, coaxial, phono'],
    weight: '6800',
  }),
  m('denon', 'amplifiers', 'PMA-900HNE', 'network-amp', 36900, ['black', 'silver'], ['streaming', 'phono', 'hires'], {
    power: '2 × 50 W (8 Ω)',
    inputs: ['類比 ×4、光纖 ×2、同軸、USB、Phono', 'Analogue ×4, optical ×2, coaxial, USB, phono'],
    weight: '8500',
  }),
  m('denon', 'amplifiers', 'PMA-1700NE', 'integrated-amp', 69900, ['black', 'silver'], ['phono', 'hires', 'premium'], {
    power: '2 × 70 W (8 Ω)',
    inputs: ['類比 ×5、USB-B、光纖、同軸、Phono MM/MC', 'Analogue ×5, USB-B, optical, coaxial, phono MM/MC'],
    weight: '15000',
  }),
  m('denon', 'amplifiers', 'AVR-X1800H', 'av-receiver', 36900, ['black'], ['atmos', 'streaming', 'calibration'], {
    channels: '7.2',
    power: '7 × 80 W (8 Ω)',
    inputs: ['HDMI 8K ×6', 'HDMI 8K ×6'],
    weight: '8600',
  }),
  m('yamaha', 'amplifiers', 'A-S301', 'integrated-amp', 17900, ['black', 'silver'], ['phono'], {
    power: '2 × 60 W (8 Ω)',
    inputs: ['類比 ×4、光纖、同軸、Phono', 'Analogue ×4, optical, coaxial, phono'],
    weight: '7100',
  }),
  m('yamaha', 'amplifiers', 'A-S801', 'integrated-amp', 35900, ['black', 'silver'], ['phono', 'hires'], {
    power: '2 × 100 W (8 Ω)',
    inputs: ['類比 ×5、USB、光纖、同軸、Phono', 'Analogue ×5, USB, optical, coaxial, phono'],
    weight: '11600',
  }),
  m('yamaha', 'amplifiers', 'R-N600A', 'network-amp', 29900, ['black', 'silver'], ['wifi', 'phono', 'calibration'], {
    power: '2 × 80 W (8 Ω)',
    inputs: ['類比 ×4、光纖、同軸、Phono、Wi-Fi', 'Analogue ×4, optical, coaxial, phono, Wi-Fi'],
    weight: '7600',
  }),
  m(
    'technics',
    'amplifiers',
    'SU-G700M2',
    'integrated-amp',
    109000,
    ['silver', 'black'],
    ['phono', 'hires', 'premium'],
    {
      power: '2 × 70 W (8 Ω)',
      inputs: ['類比 ×3、USB-B、光纖 ×2、同軸 ×2、Phono', 'Analogue ×3, USB-B, optical ×2, coaxial ×2, phono'],
      weight: '12800',
    },
  ),
  m('technics', 'amplifiers', 'SA-C600', 'network-amp', 36900, ['black', 'silver'], ['wifi', 'phono', 'bluetooth'], {
    power: '2 × 60 W (4 Ω)',
    inputs: ['CD、類比、光纖、同軸、USB、Phono', 'CD, analogue, optical, coaxial, USB, phono'],
    weight: '6900',
  }),
  m('sony', 'amplifiers', 'STR-AN1000', 'av-receiver', 32900, ['black'], ['atmos', 'calibration', 'wifi'], {
    channels: '7.2',
    power: '7 × 100 W (6 Ω)',
    inputs: ['HDMI 8K ×6', 'HDMI 8K ×6'],
    weight: '10300',
  }),
  m(
    'pro-ject',
    'amplifiers',
    'MaiA S3',
    'integrated-amp',
    16900,
    ['black', 'silver'],
    ['phono', 'bluetooth', 'hires'],
    {
      power: '2 × 25 W (8 Ω)',
      inputs: ['類比 ×3、光纖、同軸、USB、Phono', 'Analogue ×3, optical, coaxial, USB, phono'],
      weight: '1600',
    },
  ),
  m('pro-ject', 'amplifiers', 'Phono Box S3 B', 'phono-preamp', 9900, ['black', 'silver'], ['handmade'], {
    inputs: ['MM / MC Phono', 'MM / MC phono'],
    weight: '850',
  }),
  m('pro-ject', 'amplifiers', 'Phono Box E', 'phono-preamp', 2690, ['black', 'silver'], ['phono'], {
    inputs: ['MM Phono', 'MM phono'],
    weight: '140',
  }),
  m('audio-technica', 'amplifiers', 'AT-PEQ30', 'phono-preamp', 3490, ['black'], ['phono'], {
    inputs: ['MM / MC Phono', 'MM / MC phono'],
    weight: '240',
  }),
];
