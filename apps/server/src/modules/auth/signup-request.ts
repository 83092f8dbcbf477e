/** What a sign-up asks for, once its password is hashed: all its job and its pending row ever hold. */
export interface SignupRequest {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  companyName: string;
}
