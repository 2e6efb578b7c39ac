import type { ComponentType } from 'react';
import { Link } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { WELCOME_PATH } from '../../config/paths';
import { button } from '../../ui/button-styles';
import { ArrowRightIcon, type IconProps } from '../../ui/icons';

const block = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: { base: '6', md: '7' },
  bg: 'bg.surface',
  borderRadius: 'card',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  boxShadow: 'card',
  transition: 'transform 200ms ease, box-shadow 200ms ease',
  _hover: { transform: 'translateY(-2px)', boxShadow: 'raised' },
});

const icon = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '12',
  h: '12',
  borderRadius: 'xl',
  bg: 'accent.subtle',
  color: 'accent.text',
});

const title = css({ fontSize: 'xl', fontWeight: 'bold', letterSpacing: '-0.01em', color: 'fg.default' });
const body = css({ color: 'fg.muted', flex: '1' });
const action = css({ alignSelf: 'flex-start', mt: '2' });

export interface FeatureBlockProps {
  icon: ComponentType<IconProps>;
  title: string;
  body: string;
  action: string;
}

/** One of the landing page's four content blocks, each leading to /welcome (spec 2). */
export function FeatureBlock({ icon: Icon, title: heading, body: text, action: label }: FeatureBlockProps) {
  return (
    <article className={block}>
      <span className={icon}>
        <Icon size={24} />
      </span>
      <h3 className={title}>{heading}</h3>
      <p className={body}>{text}</p>
      <Link href={WELCOME_PATH} className={cx(button({ variant: 'outline' }), action)}>
        {label}
        <ArrowRightIcon size={18} />
      </Link>
    </article>
  );
}
