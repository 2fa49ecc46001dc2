import { complaintImageUploadedSchema, MachinePath, type ComplaintImageUploaded } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** The complaint image upload (multipart field `problemImage`): the ticket photo joins the report. */
export function uploadTicketPhoto(file: File, loadingText: string): Promise<ComplaintImageUploaded> {
  const form = new FormData();
  form.append('problemImage', file, file.name);
  return callMachine(MachinePath.complaintImageUpload, form, { loadingText, schema: complaintImageUploadedSchema, refusal: 'caller' });
}
