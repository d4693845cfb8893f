/**
 * Page changes started by code. Full navigations on purpose: after login or logout every island
 * and the header must start from the new state. Tests replace `go` and `replace`.
 */
export const nav = {
  go(url: string): void {
    location.assign(url);
  },
  replace(url: string): void {
    location.replace(url);
  },
};
