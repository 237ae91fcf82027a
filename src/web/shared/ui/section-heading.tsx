/**
 * The heading of a page (h1) or of a section of one (h2): an uppercase eyebrow line, a
 * display-serif title and an optional intro. Layout (width, alignment, space below) is the
 * caller's, through className: this component sets none of it, so the two stylesheets never
 * compete for a property whichever arrives last.
 */
import type { ReactNode } from 'react';
import styles from './section-heading.module.css';

/** The eyebrow's look, for a line in that style outside a heading (the hero's tagline). */
export const eyebrowClass = styles.eyebrow;

export function SectionHeading(props: {
  eyebrow: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  /** 1: the page's own title, in the larger size; 2: a section's. */
  level: 1 | 2;
  id?: string;
  className?: string;
}) {
  const Title = props.level === 1 ? 'h1' : 'h2';
  return (
    <header className={props.className}>
      <p className={styles.eyebrow}>{props.eyebrow}</p>
      <Title id={props.id} className={props.level === 1 ? styles.pageTitle : styles.sectionTitle}>
        {props.title}
      </Title>
      {props.intro ? <p className={styles.intro}>{props.intro}</p> : null}
    </header>
  );
}
