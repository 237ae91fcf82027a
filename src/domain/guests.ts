/**
 * Guest profiles (issue 25): what the web app, the server and the tests share about them.
 */

/**
 * The SQLSTATE with which the database refuses an online booking from a guest the no-show rule
 * marked or an owner blocked. Its message is neutral (it asks the guest to call) and in the
 * language of the request, so the forms show it as it comes.
 */
export const blockedGuestCode = 'BK006';

/** The wording of the news-and-offers consent box; a new wording gets a new version. */
export const marketingConsentVersion = '2026-12-04';
