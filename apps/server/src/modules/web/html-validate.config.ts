import type { ConfigData } from 'html-validate';

/**
 * How page-markup.test.ts checks every server-rendered page: html-validate's `recommended` preset. The rules
 * changed below are about how the markup is spelt, not whether it is valid HTML, and each names who spells it so.
 */
export const htmlValidateConfig: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React's server renderer writes void elements self-closed (`<img/>`), and Prettier keeps index.html's so: both valid HTML.
    'void-style': 'off',
    // Prettier writes index.html's `<!doctype html>` in lower case; HTML takes either.
    'doctype-style': 'off',
    // React writes some attributes as JSX names them (`fetchPriority`, `referrerPolicy`); HTML attribute names have no case.
    'attr-case': 'off',
    // React writes a boolean attribute as `disabled=""`: still checked, that every one is written so.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // React's useId makes ids such as `_R_5_`: valid HTML (any id without spaces), which `relaxed` checks.
    'valid-id': ['error', { relaxed: true }],
    // The CSP allows inline styles (security-headers.ts); avatars take their size at run time, and
    // react-hot-toast places its container with one.
    'no-inline-style': 'off',
  },
};
