import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Flex, Tooltip } from 'antd';
import { type Ref, useImperativeHandle } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';

export interface RichTextHandle {
  /** Inserts text where the cursor is (or at the end). */
  insertText(text: string): void;
}

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  handle?: Ref<RichTextHandle>;
}

/**
 * The template body, edited as rich text with Tiptap: a toolbar of what e-mail clients render well
 * (bold, italic, headings, lists, links), every button reachable by keyboard and named for screen readers.
 */
export default function RichTextEditor({ value, onChange, label, handle }: RichTextEditorProps) {
  const { t } = useTranslation('emails');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value ?? '',
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'sl-rich-text' },
    },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });
  useImperativeHandle(handle, () => ({
    insertText: (text) => {
      editor?.chain().focus().insertContent(text).run();
    },
  }));
  if (!editor) return null;
  const tool = (name: string, icon: React.ReactNode, isActive: boolean, run: () => void) => (
    <Tooltip title={name}>
      <Button
        size="small"
        type={isActive ? 'primary' : 'default'}
        icon={icon}
        aria-label={name}
        aria-pressed={isActive}
        onClick={run}
      />
    </Tooltip>
  );
  const setLink = () => {
    const href = window.prompt(
      t('templates.toolbar.linkPrompt'),
      editor.getAttributes('link').href ?? 'https://',
    );
    if (href === null) return;
    if (href === '') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().setLink({ href }).run();
  };
  return (
    <div className="sl-rich-text-frame">
      <Flex gap={4} wrap className="sl-rich-text-toolbar" role="toolbar" aria-label={label}>
        {tool(t('templates.toolbar.bold'), <BoldOutlined />, editor.isActive('bold'), () =>
          editor.chain().focus().toggleBold().run(),
        )}
        {tool(t('templates.toolbar.italic'), <ItalicOutlined />, editor.isActive('italic'), () =>
          editor.chain().focus().toggleItalic().run(),
        )}
        {tool(
          t('templates.toolbar.heading'),
          <span aria-hidden>H</span>,
          editor.isActive('heading', { level: 2 }),
          () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
        )}
        {tool(t('templates.toolbar.bullets'), <UnorderedListOutlined />, editor.isActive('bulletList'), () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool(t('templates.toolbar.numbers'), <OrderedListOutlined />, editor.isActive('orderedList'), () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
        {tool(t('templates.toolbar.link'), <LinkOutlined />, editor.isActive('link'), setLink)}
      </Flex>
      <EditorContent editor={editor} data-testid="template-body" />
    </div>
  );
}
