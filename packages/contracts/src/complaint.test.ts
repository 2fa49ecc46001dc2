import { describe, expect, it } from 'vitest';
import { codePointLength, complaintSaveRequestSchema, limitCodePoints, normaliseComplaintText } from './complaint';
import { ErrorCode } from './error-codes';

const image = (n: number) => `/machine/user-problem/problem-img/${n.toString(16).padStart(32, '0')}.png`;

function codeOf(input: Record<string, unknown>): number | undefined {
  const result = complaintSaveRequestSchema.safeParse(input);
  if (result.success) return undefined;
  const params = (result.error.issues[0] as { params?: { errorCode?: number } }).params;
  return params?.errorCode;
}

const valid = { problemType: '1', problemSonType: '101', problemDetail: 'Llamadas a las 6 a. m.', problemImage: '', orderNo: 'DEMO0006180' };

describe('complaint text', () => {
  it('counts code points, so an emoji or an accented letter is one character', () => {
    expect(codePointLength('añ😀')).toBe(3);
    expect(limitCodePoints('😀'.repeat(201), 200)).toBe('😀'.repeat(200));
    expect(limitCodePoints('short', 200)).toBe('short');
  });

  it('keeps line breaks, drops other control characters and trims', () => {
    expect(normaliseComplaintText('  one\r\ntwo\u0000\u0007 <b>x</b>  ')).toBe('one\ntwo <b>x</b>');
  });
});

describe('complaintSaveRequestSchema', () => {
  it('parses the form payload of problem-save', () => {
    const parsed = complaintSaveRequestSchema.parse({ ...valid, problemImage: `${image(1)}, ${image(2)},${image(1)}` });
    expect(parsed).toEqual({
      problemType: 1,
      problemSonType: 101,
      problemDetail: valid.problemDetail,
      problemImage: [`${(1).toString(16).padStart(32, '0')}.png`, `${(2).toString(16).padStart(32, '0')}.png`],
      orderNo: 'DEMO0006180',
    });
    expect(complaintSaveRequestSchema.parse({ ...valid, problemType: 2, problemSonType: '' }).problemSonType).toBeNull();
    expect(complaintSaveRequestSchema.parse({ ...valid, problemSonType: '0' }).problemSonType).toBeNull();
  });

  it('names the error code of each broken rule', () => {
    expect(codeOf({ ...valid, problemDetail: ' \n ' })).toBe(ErrorCode.ComplaintTextEmpty);
    expect(codeOf({ ...valid, problemDetail: 'x'.repeat(201) })).toBe(ErrorCode.ComplaintTextTooLong);
    expect(codeOf({ ...valid, problemDetail: '😀'.repeat(200) })).toBeUndefined();
    expect(codeOf({ ...valid, problemImage: Array.from({ length: 10 }, (_, i) => image(i)).join(',') })).toBe(ErrorCode.ComplaintTooManyImages);
    expect(codeOf({ ...valid, problemImage: '/etc/passwd' })).toBe(ErrorCode.ComplaintImageUnknown);
    expect(codeOf({ ...valid, problemType: '1; drop table' })).toBe(ErrorCode.ComplaintTypeUnknown);
    expect(codeOf({ ...valid, problemSonType: 'x' })).toBe(ErrorCode.ComplaintSonTypeUnknown);
    expect(codeOf({ ...valid, orderNo: undefined })).toBe(ErrorCode.ComplaintOrderNotFound);
  });
});
