/**
 * /api/Account request bodies, defined once for the API and the web.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { emailSchema, languageCodeSchema, newPasswordSchema, passwordSchema, phoneSchema, propertyIdSchema, requiredText } from './scalars';

const confirmationMatches = (body: { Password: string; ConfirmPassword: string }): boolean => body.Password === body.ConfirmPassword;

const mismatch = { path: ['ConfirmPassword'], error: VALIDATION_MESSAGES.passwordsDoNotMatch };

/** POST /api/Account/Authenticate: LanguageCode, PropertyId, EmailAddress, Password. */
export const authenticateRequestSchema = z.object({
  LanguageCode: languageCodeSchema,
  PropertyId: propertyIdSchema,
  EmailAddress: emailSchema,
  Password: passwordSchema,
});

/** A login as the wire carries it. */
export type AuthenticateRequest = z.infer<typeof authenticateRequestSchema>;

/** POST /api/Account/Register: LanguageCode, PropertyId, EmailAddress, Password, Firstname, Lastname, MobileNumber. */
export const registerRequestSchema = z.object({
  LanguageCode: languageCodeSchema,
  PropertyId: propertyIdSchema,
  EmailAddress: emailSchema,
  Password: newPasswordSchema,
  Firstname: requiredText('First Name'),
  Lastname: requiredText('Last Name'),
  MobileNumber: phoneSchema,
});

/** A registration as the wire carries it. */
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The registration form: the request plus a confirm-password field that must match. */
export const registerFormSchema = registerRequestSchema.extend({ ConfirmPassword: z.string() }).refine(confirmationMatches, mismatch);

/** POST /api/Account/RequestPasswordReset: LanguageCode, PropertyId, EmailAddress. */
export const requestPasswordResetRequestSchema = z.object({
  LanguageCode: languageCodeSchema,
  PropertyId: propertyIdSchema,
  EmailAddress: emailSchema,
});

/** A reset request as the wire carries it. */
export type RequestPasswordResetRequest = z.infer<typeof requestPasswordResetRequestSchema>;

/** POST /api/Account/PasswordReset: the single-use Token from the e-mailed link and the new password twice. */
export const passwordResetRequestSchema = z
  .object({
    LanguageCode: languageCodeSchema,
    PropertyId: propertyIdSchema,
    Token: requiredText('Token', 500),
    Password: newPasswordSchema,
    ConfirmPassword: z.string(),
  })
  .refine(confirmationMatches, mismatch);

/** A password reset as the wire carries it. */
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/Account/ChangePassword (logged in): the current password and the new one twice. */
export const changePasswordRequestSchema = z
  .object({
    PropertyId: propertyIdSchema,
    CurrentPassword: passwordSchema,
    Password: newPasswordSchema,
    ConfirmPassword: z.string(),
  })
  .refine(confirmationMatches, mismatch);

/** A password change as the wire carries it. */
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /api/Account/Update (logged in): the account fields GET /api/Account answers. */
export const updateAccountRequestSchema = z.object({
  PropertyId: propertyIdSchema,
  Firstname: requiredText('First Name'),
  Lastname: requiredText('Last Name'),
  Telephone: phoneSchema,
  ReceiveBrandOffers: z.boolean(),
});

/** An account update as the wire carries it. */
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;
