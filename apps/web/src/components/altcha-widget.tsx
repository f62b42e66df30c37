import 'altcha/external';
import 'altcha/altcha.css';
import type { AltchaWidgetElement } from 'altcha/external';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef } from 'react';
import type { ApiPath } from '../lib/api.ts';

/*
 * ALTCHA's widget, self-hosted: its script, its style sheet and the worker that derives the keys
 * are this site's own files (the build's), and it talks to this server alone. `altcha/external` is
 * the build without workers inlined as blob: addresses, which the Content-Security-Policy refuses;
 * the server's challenges use one algorithm, whose worker is registered here.
 */
$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

const CHALLENGE: ApiPath = '/api/altcha/challenge';

/**
 * No link to altcha.org (logo, footer), nothing collected for a verifying service this site does
 * not use; the work starts as soon as the form is touched, so it is done by the time it is sent.
 */
const CONFIGURATION = JSON.stringify({ hideLogo: true, hideFooter: true, humanInteractionSignature: false });

export interface AltchaWidgetProps {
  /** The payload to send as `altcha` once the challenge is solved; undefined while it is not (or no longer) solved. */
  onChange: (payload: string | undefined) => void;
}

export function AltchaWidget({ onChange }: AltchaWidgetProps) {
  const widget = useRef<AltchaWidgetElement>(null);
  useEffect(() => {
    const element = widget.current!;
    const changed = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      onChange(state === 'verified' && payload ? payload : undefined);
    };
    // The widget loads on demand: a form touched before it came would otherwise wait for another touch.
    const startIfTouched = () => {
      const touched = element.closest('form')?.contains(document.activeElement);
      if (touched && element.getState?.() === 'unverified') void element.verify();
    };
    element.addEventListener('statechange', changed);
    element.addEventListener('load', startIfTouched);
    startIfTouched();
    return () => {
      element.removeEventListener('statechange', changed);
      element.removeEventListener('load', startIfTouched);
    };
  }, [onChange]);
  return (
    <altcha-widget ref={widget} challenge={CHALLENGE} auto="onfocus" name="altcha" configuration={CONFIGURATION} />
  );
}
