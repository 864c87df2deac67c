// The AI assistant (/ai-explanations). Engineer E replaces this with the Ask AI and History tabs.
export function AiAssistantScreen() {
  return (
    <div className="pn-container">
      <h1 style={{ fontSize: '1.875rem', fontWeight: 700 }}>AI Assistant</h1>
    </div>
  );
}
