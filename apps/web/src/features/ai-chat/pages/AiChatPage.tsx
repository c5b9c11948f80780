import { Card } from 'antd';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { ChatPanel } from '../ChatPanel.tsx';

/** /ai-chat (SPEC §2; open to every signed-in user): the assistant in the page's full height. */
export default function AiChatPage() {
  return (
    <PageContainer menuName="aiChat">
      <Card styles={{ body: { height: 'calc(100vh - 220px)', minHeight: 360 } }}>
        <ChatPanel />
      </Card>
    </PageContainer>
  );
}
