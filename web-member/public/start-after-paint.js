// Starts the entry scripts once the server's page is painted (services/api/src/prerender.ts, fillTemplate).
(() => {
  const entries = document.currentScript?.dataset.entries?.split(' ').filter(Boolean) ?? [];
  const start = () => {
    for (const src of entries) {
      const entry = document.createElement('script');
      entry.type = 'module';
      entry.crossOrigin = '';
      entry.async = false; // in order, as the page's own script elements
      entry.src = src;
      document.head.append(entry);
    }
  };
  // A hidden tab draws no frames: at once there.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
