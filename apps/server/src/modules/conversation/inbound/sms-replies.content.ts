/** What Herd texts back, in words a client reads on a phone. */
export const SMS_REPLIES = {
  unknownNumber: 'Herd does not know this number. Ask your accountant to add it to your Herd profile, then text the photo again.',
  ambiguousNumber: 'This number is on more than one Herd account, so we could not tell where to file it. Please upload the receipt in Herd instead.',
  readOnly: 'Your accountant’s Herd account is read-only for now, so nothing you text is filed.',
  notAReceipt: 'We can only keep photos (JPEG, PNG, HEIC) and PDFs of receipts. Please send one of those.',
  noMedia: 'Text us a photo of a receipt (or a PDF) and we will file it for your accountant.',
  downloadFailed: 'We could not fetch your photo. Please text it again in a few minutes.',
  tooLarge: (maxBytes: number) => `That file is over ${+(maxBytes / 1024 / 1024).toFixed(1)} MB. Please send a smaller photo.`,
  filed: (count: number, company: string) => `Thanks! ${count === 1 ? 'Your receipt is' : `${count} receipts are`} filed for ${company}.`,
} as const;
