import { describe, expect, it } from 'vitest';
import { clientTypeOf, readLandingParams, trackingQuery } from './landing-params';

describe('landing params', () => {
  it('reads the campaign link query, with links_id or down_id', () => {
    const params = readLandingParams(new URLSearchParams('app_from=landing&user_from=fb&utm_tag=spring&id=7&down_id=99&language=2'));
    expect(params).toEqual({ templateId: '7', appFrom: 'landing', userFrom: 'fb', utmTag: 'spring', inviteCode: '', linkId: '99' });
    expect(readLandingParams(new URLSearchParams('id=7&links_id=5&down_id=6')).linkId).toBe('5');
  });

  it('ignores a template id that is not a number', () => {
    expect(readLandingParams(new URLSearchParams('id=7;drop')).templateId).toBe('');
  });

  it('tells the platform from the user agent and builds the tracking query', () => {
    expect(clientTypeOf('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(clientTypeOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(clientTypeOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('web');
    const params = readLandingParams(new URLSearchParams('id=7&user_from=fb&app_from=a&utm_tag=u'));
    expect(trackingQuery(params, 'ios')).toEqual({ page_id: '7', user_from: 'fb', client_type: 'ios', page_type: '1', utm_tag: 'u', app_from: 'a' });
  });
});
