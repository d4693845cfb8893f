import { describe, expect, it } from 'vitest';
import { isOutlyingAddress, isOutlyingPlace } from '../../src/lib/taiwan/outlying.ts';

describe('outlying islands', () => {
  it('reads them from an address: whole counties, and the island townships of Pingtung and Taitung', () => {
    const cases: [string, boolean | null][] = [
      ['澎湖縣馬公市中正路1號', true],
      ['金門縣金城鎮民生路2號', true],
      ['連江縣南竿鄉介壽村3號', true],
      ['屏東縣琉球鄉中山路4號', true],
      ['台東縣綠島鄉南寮村5號', true],
      ['臺東縣蘭嶼鄉紅頭村6號', true],
      ['929屏東縣琉球鄉民族路7號', true],
      ['屏東縣東港鎮中正路8號', false],
      ['台北市內湖區新湖二路168號', false],
      ['新竹市東大路二段9號', false],
      ['屏東縣中山路10號', null],
      ['中山路11號', null],
      ['', null],
    ];
    for (const [address, outlying] of cases) expect(isOutlyingAddress(address), address).toBe(outlying);
  });

  it('answers for a county and township by their official names', () => {
    expect(isOutlyingPlace('澎湖縣')).toBe(true);
    expect(isOutlyingPlace('屏東縣', '琉球鄉')).toBe(true);
    expect(isOutlyingPlace('屏東縣', '東港鎮')).toBe(false);
    expect(isOutlyingPlace('臺北市', '大安區')).toBe(false);
  });
});
