/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_INTRO_VIDEO_URL?: string;
  readonly VITE_IMAGE_BASE_PATH?: string;
}
