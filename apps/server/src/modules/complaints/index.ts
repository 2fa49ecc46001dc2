/** Complaints: filing, images, the lender's replies and scores, missing-payment reports. */
export { complaintOperatorRoutes } from './complaint-operator-routes';
export { operatorComplaintPage } from './complaint-list';
export { complaintBorrower, complaintExists, complaintsOfBorrowerForStaff } from './complaint-lookups';
export { complaintDataOf, eraseComplaintsOf, removeComplaintFiles } from './complaint-privacy-service';
export { complaintRoutes } from './complaint-routes';
export { missingPaymentRoutes } from './missing-payment-routes';
export { complaintsRepliedSince } from './reminder-events';
export { removeAbandonedUploads, UPLOAD_CLEANUP_INTERVAL_MS, type StoredFileOwner } from './upload-cleanup';
