/** What a sign-up asks for, once its password is hashed: all its job and its pending row ever hold. */
export interface SignupRequest {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  companyName: string;
  /** The new firm's IANA zone; absent from sign-ups queued before the firm had one (they get the default). */
  timeZone?: string;
}
