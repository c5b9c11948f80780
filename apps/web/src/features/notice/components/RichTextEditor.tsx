import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Input, Popover, Tooltip, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_NS } from '../notice.locales.ts';
import '../notice.css';

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
  }),
];

/** Empty editor content is '' so a required check and the server's default agree. */
const htmlOf = (editor: { isEmpty: boolean; getHTML: () => string }) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * The notice body editor (tiptap StarterKit): bold, italic, strike, headings, lists, blockquote and links, with a
 * small toolbar. A controlled value of HTML, usable inside an antd Form.Item.
 */
export function RichTextEditor({
  value,
  onChange,
  testId,
}: {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation(NOTICE_NS);
  const { token } = theme.useToken();
  const editor = useEditor({
    extensions,
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
    editorProps: {
      attributes: { class: 'notice-html', 'data-testid': testId ? `${testId}-content` : 'rich-text-content' },
    },
  });

  // A value set from outside (form reset, a notice loaded for edit) replaces the document; our own echoes do not.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if ((value ?? '') !== htmlOf(editor)) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      blockquote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      href: (e?.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');

  const tool = (key: string, label: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={label} key={key}>
      <Button
        size="small"
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={!editor || disabled}
        data-testid={`editor-${key}`}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();

  const applyLink = () => {
    const url = href.trim();
    if (!url) chain().extendMarkRange('link').unsetLink().run();
    else
      chain()
        .extendMarkRange('link')
        .setLink({ href: /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}` })
        .run();
    setLinkOpen(false);
  };

  return (
    <div
      className="notice-editor"
      data-testid={testId}
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      <Flex wrap gap={2} align="center" style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        {tool('bold', t('editor.bold'), <BoldOutlined />, !!state?.bold, () => chain().toggleBold().run())}
        {tool('italic', t('editor.italic'), <ItalicOutlined />, !!state?.italic, () => chain().toggleItalic().run())}
        {tool('strike', t('editor.strike'), <StrikethroughOutlined />, !!state?.strike, () =>
          chain().toggleStrike().run(),
        )}
        <Divider orientation="vertical" style={{ margin: '0 4px' }} />
        {tool('h2', t('editor.heading2'), <strong>H2</strong>, !!state?.h2, () =>
          chain().toggleHeading({ level: 2 }).run(),
        )}
        {tool('h3', t('editor.heading3'), <strong>H3</strong>, !!state?.h3, () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        <Divider orientation="vertical" style={{ margin: '0 4px' }} />
        {tool('bulletList', t('editor.bulletList'), <UnorderedListOutlined />, !!state?.bulletList, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('orderedList', t('editor.orderedList'), <OrderedListOutlined />, !!state?.orderedList, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool(
          'blockquote',
          t('editor.blockquote'),
          <span style={{ fontWeight: 700, fontSize: 16 }}>❝</span>,
          !!state?.blockquote,
          () => chain().toggleBlockquote().run(),
        )}
        <Divider orientation="vertical" style={{ margin: '0 4px' }} />
        <Popover
          open={linkOpen}
          onOpenChange={(o) => {
            setLinkOpen(o);
            if (o) setHref(state?.href ?? '');
          }}
          trigger="click"
          content={
            <Flex gap={6}>
              <Input
                size="small"
                autoFocus
                value={href}
                placeholder={t('editor.linkUrl')}
                onChange={(e) => setHref(e.target.value)}
                onPressEnter={applyLink}
                style={{ width: 240 }}
                data-testid="editor-link-url"
              />
              <Button size="small" type="primary" onClick={applyLink} data-testid="editor-link-apply">
                {t('editor.apply')}
              </Button>
            </Flex>
          }
        >
          <span>{tool('link', t('editor.link'), <LinkOutlined />, !!state?.link, () => undefined)}</span>
        </Popover>
        {tool(
          'unlink',
          t('editor.unlink'),
          <DisconnectOutlined />,
          false,
          () => chain().unsetLink().run(),
          !state?.link,
        )}
        <Divider orientation="vertical" style={{ margin: '0 4px' }} />
        {tool('undo', t('editor.undo'), <UndoOutlined />, false, () => chain().undo().run(), !state?.canUndo)}
        {tool('redo', t('editor.redo'), <RedoOutlined />, false, () => chain().redo().run(), !state?.canRedo)}
      </Flex>
      <EditorContent editor={editor} />
    </div>
  );
}
