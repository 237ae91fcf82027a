/**
 * Branch names as a guest or a host reads them. The database, the spec's option values and the
 * English pages keep the English names ("Da Nang"); a Vietnamese page, email or screen writes the
 * place as Vietnamese write it ("Đà Nẵng"). One table for the site, the dashboard and the emails.
 */
import type { Language } from './routes.ts';

const vietnamese: Readonly<Record<string, string>> = {
  'Hanoi (main branch)': 'Hà Nội (cơ sở chính)',
  'Ninh Binh': 'Ninh Bình',
  'Sa Pa': 'Sa Pa',
  'Da Nang': 'Đà Nẵng',
  // The /reservation page's branches (spec §4).
  Downtown: 'Trung tâm',
  Uptown: 'Nội đô',
  Suburb: 'Ngoại ô',
};

/** The branch's name in `language`; a branch this table does not know keeps the name it has. */
export function branchName(branch: string, language: Language): string {
  return language === 'vi' ? (vietnamese[branch] ?? branch) : branch;
}
