// Tax exemption's public face: the checkout's section and the answer it hands back.
export { TaxExemptionSection, type ExemptionAnswer } from './components/tax-exemption-section';
