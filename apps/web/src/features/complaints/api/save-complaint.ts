import { complaintSavedSchema, MachinePath, type ComplaintSaved } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

export type ComplaintDraft = {
  problemType: number;
  /** Empty when the type has no child types. */
  problemSonType: string;
  problemDetail: string;
  /** Addresses returned by the upload call, in the order shown. */
  images: readonly string[];
  orderNo: string;
};

/** `POST problem-save`, form-encoded with the images comma-joined. */
export function saveComplaint(draft: ComplaintDraft, loadingText: string): Promise<ComplaintSaved> {
  return callMachine(
    MachinePath.complaintSave,
    {
      problemType: draft.problemType,
      problemSonType: draft.problemSonType,
      problemDetail: draft.problemDetail,
      problemImage: draft.images.join(','),
      orderNo: draft.orderNo,
    },
    { loadingText, schema: complaintSavedSchema, refusal: 'caller' },
  );
}
