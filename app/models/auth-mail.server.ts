// The account emails: each with an HTML and a plain-text part and absolute links.
import { mailLayout as layout, sendMail } from "./mail.server";

const MINUTES = 15;

export function sendSignupVerificationEmail(to: string, opts: { url: string; code: string; firstName: string }) {
  return sendMail({
    to,
    kind: "verify-signup",
    subject: `Your verification code: ${opts.code}`,
    ...layout({
      title: "Confirm your email",
      intro: `Hi ${opts.firstName}, welcome! Open the link below, or type the code on the verification page, to finish creating your account.`,
      action: { label: "Verify my email", url: opts.url },
      code: opts.code,
      outro: `The link and the code work once and expire in ${MINUTES} minutes. If you did not sign up, you can ignore this email.`,
    }),
  });
}

export function sendMagicLinkEmail(to: string, opts: { url: string; registering: boolean }) {
  return sendMail({
    to,
    kind: "magic-link",
    subject: opts.registering ? "Your link to create your account" : "Your link to log in",
    ...layout({
      title: opts.registering ? "Create your account" : "Log in",
      intro: opts.registering
        ? "Open this link to create your account and log in. No password needed."
        : "Open this link to log in. No password needed.",
      action: { label: opts.registering ? "Create my account" : "Log me in", url: opts.url },
      outro: `The link works once and expires in ${MINUTES} minutes. If you did not ask for it, you can ignore this email.`,
    }),
  });
}

export function sendPasswordResetEmail(to: string, opts: { url: string }) {
  return sendMail({
    to,
    kind: "password-reset",
    subject: "Reset your password",
    ...layout({
      title: "Reset your password",
      intro: "Someone (hopefully you) asked to reset the password of your account. Open this link to choose a new one.",
      action: { label: "Choose a new password", url: opts.url },
      outro: `The link works once and expires in ${MINUTES} minutes. If you did not ask for it, your password stays as it is.`,
    }),
  });
}

export function sendEmailChangeEmail(to: string, opts: { url: string }) {
  return sendMail({
    to,
    kind: "change-email",
    subject: "Confirm your new email address",
    ...layout({
      title: "Confirm your new email address",
      intro: "Open this link to make this address the email of your account.",
      action: { label: "Confirm this address", url: opts.url },
      outro: `The link works once and expires in ${MINUTES} minutes. Until then your account keeps its old address.`,
    }),
  });
}

export function sendEmailChangedNotice(to: string, opts: { newEmail: string; helpUrl: string }) {
  return sendMail({
    to,
    kind: "email-changed",
    subject: "Your account email was changed",
    ...layout({
      title: "Your account email was changed",
      intro: `The email of your account is now ${opts.newEmail}. If you did not make this change, contact us right away.`,
      action: { label: "Contact Me", url: opts.helpUrl },
      outro: "This is a security notice: no action is needed if the change was yours.",
    }),
  });
}

export function sendSchoolEmailCode(to: string, opts: { url: string; code: string; firstName: string }) {
  return sendMail({
    to,
    kind: "school-email",
    subject: `Your school email code: ${opts.code}`,
    ...layout({
      title: "Confirm your school email",
      intro: `Hi ${opts.firstName}, open the link below, or type the code on the page you came from, to confirm this school email and start posting.`,
      action: { label: "Confirm my school email", url: opts.url },
      code: opts.code,
      outro: `The link and the code work once and expire in ${MINUTES} minutes. If you did not ask for this, you can ignore this email.`,
    }),
  });
}
