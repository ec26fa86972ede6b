export { LoginPage } from './shell/LoginPage';
export { OauthPage } from './shell/OauthPage';
export { HomePage } from './shell/HomePage';
export { NotFoundPage } from './shell/NotFoundPage';
export { UnderConstructionPage } from './shell/UnderConstructionPage';
export {
  ChangePasswordDialog,
  CHANGE_PASSWORD_WIDTH,
  PASSWORD_PLACEHOLDER,
} from './shell/ChangePasswordDialog';
export { RoleSelector } from './shell/RoleSelector';
export { MainLayout, PAGE_SIDE_MARGIN } from './layout/MainLayout';
export { HEADER_HEIGHT } from './layout/AppHeader';
export { AbilityGrowthPage, ABILITY_GROWTH_CONTAINER_ID } from './routes/AbilityGrowthPage';
export { WATERMARK_ON } from './layout/Watermark';
export { SMS_RESEND_SECONDS } from './shell/login/PhoneCodeFields';
export type { UnderConstructionPageProps } from './shell/UnderConstructionPage';
export type { NotFoundPageProps } from './shell/NotFoundPage';
export type { ChangePasswordDialogProps } from './shell/ChangePasswordDialog';
export type { MainLayoutProps } from './layout/MainLayout';
export type { AbilityGrowthPageProps } from './routes/AbilityGrowthPage';
