/** A word's first cells in a 字词 table: 序号, 字词, its reading (拼音 or 音标) and 释义. */
export function WordCells({
  word: w,
}: {
  word: { position: number; word: string; reading: string; meaning: string };
}) {
  return (
    <>
      <td>{w.position}</td>
      <td>{w.word}</td>
      <td>{w.reading}</td>
      <td>{w.meaning}</td>
    </>
  );
}
