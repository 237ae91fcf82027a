/** How a booking names its branch's place and phone (calendar file, email, manage page). */
import { restaurantProfile } from './restaurant-profile.ts';

/** The branch's street address as LOCATION; the restaurant's name for a branch without one. */
export function branchLocation(branch: string): string {
  const known = restaurantProfile.branches.find((b) => b.name === branch);
  return known ? `${restaurantProfile.name} ${known.name}, ${known.address}` : `${restaurantProfile.name} ${branch}`;
}

export function branchPhone(branch: string): string {
  return restaurantProfile.branches.find((b) => b.name === branch)?.phone ?? restaurantProfile.phone;
}
