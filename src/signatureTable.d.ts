// The build-time name table (scripts/signatureTable.ts serves it through a Vite plugin).
declare module 'virtual:signature-table' {
  const table: import('./evm/names/names.ts').SignatureTable
  export default table
}
