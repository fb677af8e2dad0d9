// 32-bit FNV-1a over a string's UTF-8 bytes, as an unsigned integer. The
// generator's citations.chunk_of hashes ids the same way (exports.js loads
// the chunk it names), and share links code ids with it (share.js).
function fnv1a(value) {
  var hash = 0x811c9dc5;
  new TextEncoder().encode(value).forEach(function (byte) { hash = Math.imul(hash ^ byte, 0x01000193) >>> 0; });
  return hash;
}

export { fnv1a };
