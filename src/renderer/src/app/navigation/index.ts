export { PAGES, isPageId, type PageId } from './pages';
export { openApproval, openConversation, openIntentNode, openRecord, openSkill, useOpenRequest } from './open';
export { useUnsavedChangesGuard } from './use-unsaved-guard';
export { lastMountCategory, mountTools, useMountRequest, type MountRequest, type ToolToMount } from './mount';
