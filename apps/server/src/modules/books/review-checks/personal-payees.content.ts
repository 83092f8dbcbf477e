/**
 * Merchants whose charges are nearly always personal (streaming, games, dating, personal care): on a business's books
 * each is worth a second look. Matched on the first word of the merchant's key (`normalizeMerchant`), so only words that
 * name such a merchant and nothing else ("max" or "apple" would catch auto parts and computers).
 */
export const PERSONAL_MERCHANT_WORDS = new Set('netflix spotify hulu disneyplus peacock xbox playstation nintendo steam twitch tinder bumble sephora ulta'.split(' '));
