export { GRADES } from '@examkit/contracts/rules';
