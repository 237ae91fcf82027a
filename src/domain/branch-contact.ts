/** How a booking names its branch's place and phone (calendar file, email, manage page). */
import { branchName } from './branch-names.ts';
import { restaurantProfile } from './restaurant-profile.ts';
import { defaultLanguage, type Language } from './routes.ts';

/** The branch's street address as LOCATION; the restaurant's name for a branch without one. */
export function branchLocation(branch: string, language: Language = defaultLanguage): string {
  const known = restaurantProfile.branches.find((b) => b.name === branch);
  const place = `${restaurantProfile.name} ${branchName(branch, language)}`;
  return known ? `${place}, ${known.address}` : place;
}

export function branchPhone(branch: string): string {
  return restaurantProfile.branches.find((b) => b.name === branch)?.phone ?? restaurantProfile.phone;
}
