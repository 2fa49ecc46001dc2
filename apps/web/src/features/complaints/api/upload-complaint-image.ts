import { complaintImageUploadedSchema, MachinePath, type ComplaintImageUploaded } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `POST upload-problem-img`, multipart with the file under `problemImage` (docs/decisions/022); a refusal is the uploader's to show. */
export function uploadComplaintImage(file: Blob, fileName: string): Promise<ComplaintImageUploaded> {
  const form = new FormData();
  form.append('problemImage', file, fileName);
  return callMachine(MachinePath.complaintImageUpload, form, { schema: complaintImageUploadedSchema, refusal: 'caller' });
}
