import { lazy } from 'react';

/**
 * The card for a lookup reply, loaded on demand: it comes with the contact book's code, which
 * the popup must not parse before it opens (it is needed only once there is an answer to show).
 */
export const LazyLookupCard = lazy(() => import('@/components/card/LookupCard'));
