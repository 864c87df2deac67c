// Posts of one tag (/blog/tags/{tag}). Engineer G replaces this with the full screen.
export function BlogTagScreen({ tag }: { tag: string }) {
  return (
    <div className="pn-container">
      <h1 style={{ fontSize: '1.875rem', fontWeight: 700 }}>{tag}</h1>
    </div>
  );
}
