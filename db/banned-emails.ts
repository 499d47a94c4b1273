// Addresses that may not sign up or sign in (docs/product.md §3: a list of 19). These are
// placeholders on reserved example domains; real ones come from BANNED_EMAILS.
export const BANNED_EMAILS = [
  "banned01@example.com",
  "banned02@example.com",
  "banned03@example.com",
  "banned04@example.com",
  "banned05@example.com",
  "banned06@example.com",
  "banned07@example.com",
  "banned08@example.com",
  "banned09@example.com",
  "banned10@example.com",
  "banned11@example.org",
  "banned12@example.org",
  "banned13@example.org",
  "banned14@example.org",
  "banned15@example.org",
  "banned16@example.net",
  "banned17@example.net",
  "banned18@example.net",
  "banned19@example.net",
] as const;
