'use client';

import { FIXED_ENGLISH_LABELS_ZH, iconTreatment } from './icon-names';

const FIXED_ENGLISH = Object.keys(FIXED_ENGLISH_LABELS_ZH)
  .map((label) => `[aria-label="${label}"]`)
  .join(', ');

const CONTROL =
  'button, a[href], [role="button"], [role="tab"], [role="menuitem"], [role="option"], [role="link"], [role="switch"], [role="checkbox"]';

/** A control's name other than what its icons say: aria-label, title, or text. */
function controlHasOwnName(control: Element): boolean {
  if (control.hasAttribute('aria-labelledby')) return true;
  const label = control.getAttribute('aria-label') ?? control.getAttribute('title');
  if (label && label.trim()) return true;
  return (control.textContent ?? '').trim() !== '';
}

function treat(icon: HTMLElement): void {
  const label = icon.getAttribute('aria-label');
  const control = icon.parentElement?.closest(CONTROL) ?? null;
  const where = control
    ? controlHasOwnName(control)
      ? 'beside-name'
      : 'alone-in-control'
    : icon.tabIndex >= 0 || icon.hasAttribute('tabindex')
      ? 'clickable'
      : 'decoration';
  const t = iconTreatment(label, where);
  if (t.action === 'hide') {
    icon.removeAttribute('aria-label');
    icon.setAttribute('aria-hidden', 'true');
  } else if (t.action === 'name') {
    icon.setAttribute('aria-label', t.label);
  }
}

function translate(el: Element): void {
  const zh = FIXED_ENGLISH_LABELS_ZH[el.getAttribute('aria-label') ?? ''];
  if (zh) el.setAttribute('aria-label', zh);
}

function treatWithin(root: ParentNode): void {
  if (root instanceof HTMLElement) {
    if (root.matches('.anticon[role="img"][aria-label]')) treat(root);
    if (root.matches(FIXED_ENGLISH)) translate(root);
  }
  root
    .querySelectorAll<HTMLElement>('.anticon[role="img"][aria-label]')
    .forEach((icon) => treat(icon));
  root.querySelectorAll(FIXED_ENGLISH).forEach(translate);
}

let started = false;

/**
 * Keeps antd's English icon names, and the few labels it writes in English, out of what
 * assistive technology reads (icon-names.ts): run
 * once by the antd roots after hydration; watches the page for icons rendered later (dialogs,
 * drop-downs, pages).
 */
export function quietIcons(): void {
  if (started || typeof MutationObserver === 'undefined') return;
  started = true;
  treatWithin(document.body);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.target instanceof HTMLElement) treatWithin(r.target);
        continue;
      }
      r.addedNodes.forEach((n) => {
        if (n instanceof HTMLElement) treatWithin(n);
      });
    }
  }).observe(document.body, {
    childList: true,
    subtree: true,
    // React sets an icon's label again when it re-renders it in place.
    attributes: true,
    attributeFilter: ['aria-label'],
  });
}
