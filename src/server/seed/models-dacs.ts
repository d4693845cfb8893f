import { type Model, m } from './model.ts';

/** DACs and digital audio players. */
export const DAC_MODELS: Model[] = [
  m('fiio', 'dacs', 'K11', 'desktop-dac', 3490, ['black', 'silver'], ['mqa', 'balanced'], {
    dac: 'Cirrus Logic CS43198',
    sampling: 'PCM 384 kHz / DSD256',
    power: '1400 mW (32 Ω)',
    weight: '240',
  }),
  m('fiio', 'dacs', 'K7', 'desktop-dac', 5990, ['black'], ['mqa', 'balanced', 'bluetooth'], {
    dac: 'AKM AK4493SEQ ×2',
    sampling: 'PCM 384 kHz / DSD256',
    power: '2000 mW (32 Ω)',
    weight: '540',
  }),
  m('fiio', 'dacs', 'K9 Pro ESS', 'desktop-dac', 21900, ['black'], ['mqa', 'balanced', 'aptx'], {
    dac: 'ESS ES9038PRO',
    sampling: 'PCM 384 kHz / DSD256',
    power: '1500 mW (32 Ω)',
    weight: '1400',
  }),
  m('fiio', 'dacs', 'BTR15', 'portable-dac', 3990, ['black', 'blue'], ['ldac', 'balanced'], {
    dac: 'ESS ES9219MQ ×2',
    sampling: 'PCM 384 kHz / DSD256',
    battery: '8',
    weight: '44',
  }),
  m('fiio', 'dacs', 'KA17', 'portable-dac', 4490, ['black', 'blue'], ['mqa', 'balanced'], {
    dac: 'ESS ES9069Q ×2',
    sampling: 'PCM 768 kHz / DSD512',
    power: '650 mW (32 Ω)',
    weight: '34',
  }),
  m('fiio', 'dacs', 'JM21', 'dap', 5990, ['black', 'silver', 'blue'], ['balanced', 'ldac', 'hires'], {
    dac: 'Cirrus Logic CS43198 ×2',
    storage: '32 GB + microSD',
    battery: '12',
    weight: '155',
  }),
  m('fiio', 'dacs', 'M23', 'dap', 21900, ['black', 'grey'], ['balanced', 'mqa', 'hires'], {
    dac: 'AKM AK4191EQ + AK4499EX',
    storage: '64 GB + microSD',
    battery: '11',
    weight: '299',
  }),
  m('sony', 'dacs', 'NW-A306', 'dap', 11990, ['grey', 'blue', 'black'], ['ldac', 'hires', 'battery'], {
    storage: '32 GB + microSD',
    battery: '36',
    weight: '113',
    bluetooth: '5.0',
  }),
  m('sony', 'dacs', 'NW-ZX707', 'dap', 22990, ['black'], ['ldac', 'hires', 'premium'], {
    storage: '64 GB + microSD',
    battery: '25',
    weight: '227',
    bluetooth: '5.0',
  }),
  m('pro-ject', 'dacs', 'Pre Box S2 Digital', 'desktop-dac', 16900, ['black', 'silver'], ['mqa', 'hires'], {
    dac: 'ESS ES9038Q2M ×2',
    sampling: 'PCM 768 kHz / DSD512',
    weight: '500',
  }),
  m('pro-ject', 'dacs', 'DAC Box S3', 'desktop-dac', 8900, ['black', 'silver'], ['hires'], {
    dac: 'ESS ES9038Q2M',
    sampling: 'PCM 768 kHz / DSD512',
    weight: '480',
  }),
  m('marantz', 'dacs', 'SACD 30n', 'desktop-dac', 85000, ['black', 'silver'], ['streaming', 'hires', 'premium'], {
    dac: ['Marantz 自研 MMM 離散解碼', 'Marantz MMM discrete conversion'],
    sampling: 'PCM 384 kHz / DSD256',
    weight: '13800',
  }),
  m('denon', 'dacs', 'DNP-2000NE', 'desktop-dac', 62900, ['black', 'silver'], ['streaming', 'hires', 'balanced'], {
    dac: 'ESS ES9018K2M',
    sampling: 'PCM 384 kHz / DSD256',
    weight: '7600',
  }),
  m('sennheiser', 'dacs', 'HDV 820', 'desktop-dac', 69900, ['black'], ['balanced', 'hires', 'handmade'], {
    dac: 'ESS ES9018',
    sampling: 'PCM 384 kHz / DSD256',
    power: '280 mW (300 Ω)',
    weight: '2800',
  }),
];
