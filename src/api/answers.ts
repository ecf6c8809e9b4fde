/** Every command's answer types, as the models declare them (src/report): re-exported whole. */
export type { SaveAnswer, SaveOdds } from '../report/stellar/save.js'
