/**
 * For an answer whose address names its bytes (a hashed asset, a stored image, a versioned
 * card): the same URL never serves anything else, so every browser and proxy may keep it for a
 * year without asking again.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
