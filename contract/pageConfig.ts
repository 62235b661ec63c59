/**
 * How the app server hands the runtime config to the page (server/indexPage.ts) and the boot script takes it
 * (src/boot/boot.ts): index.html carries this marker, replaced by a JSON data block with this id.
 */
export const configMarker = '<!--chainglass:config-->'
export const configElementId = 'chainglass-config'
