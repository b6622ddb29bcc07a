import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import { Box, FormHelperText, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { useInput } from 'react-admin';
import { cspNonce } from '../cspNonce';

interface RichTextInputProps {
  readonly source: string;
  readonly label: string;
  readonly helperText?: string;
}

interface Tool {
  readonly name: string;
  readonly label: string;
  readonly icon: ReactNode;
  readonly active: (e: Editor) => boolean;
  readonly run: (e: Editor) => void;
}

const TOOLS: readonly Tool[] = [
  {
    name: 'h2',
    label: 'Heading',
    icon: <Typography sx={{ fontWeight: 700 }}>H2</Typography>,
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: 'h3',
    label: 'Subheading',
    icon: <Typography sx={{ fontWeight: 700 }}>H3</Typography>,
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    name: 'bold',
    label: 'Bold',
    icon: <FormatBoldIcon fontSize="small" />,
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: 'italic',
    label: 'Italic',
    icon: <FormatItalicIcon fontSize="small" />,
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: 'bullets',
    label: 'Bulleted list',
    icon: <FormatListBulletedIcon fontSize="small" />,
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: 'numbers',
    label: 'Numbered list',
    icon: <FormatListNumberedIcon fontSize="small" />,
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

/**
 * A toolbar button pressed with the mouse must not take the focus from the editor: tiptap hands it
 * back a frame later, and keys typed meanwhile went to the button and were lost ("lunch" came out
 * "nch" on a loaded machine). Keyboard users still tab to the buttons; their press refocuses the editor.
 */
function keepEditorFocus(event: MouseEvent) {
  event.preventDefault();
}

/**
 * Rich text for react-admin forms (issue 14: a prize description is edited as text with formatting,
 * not typed HTML). Tiptap's starter kit with a small toolbar; the field holds the editor's HTML,
 * '' when empty. The server sanitises whatever arrives, so this is convenience, not the guard.
 */
export function RichTextInput({ source, label, helperText }: RichTextInputProps) {
  const { field } = useInput({ source, defaultValue: '' });
  const value = typeof field.value === 'string' ? field.value : '';
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    // tiptap's own style element carries the page's CSP nonce.
    injectNonce: cspNonce,
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => field.onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // The record arrives after the first render on an edit page (and a reset replaces it): follow it.
  useEffect(() => {
    if (!editor || editor.isFocused) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box sx={{ my: 1, width: '100%' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1 }}>
        <ToggleButtonGroup size="small" aria-label={`${label} formatting`} sx={{ flexWrap: 'wrap', p: 0.5 }}>
          {TOOLS.map((t) => (
            <ToggleButton
              key={t.name}
              value={t.name}
              aria-label={t.label}
              title={t.label}
              selected={editor ? t.active(editor) : false}
              onMouseDown={keepEditorFocus}
              onClick={() => editor && t.run(editor)}
            >
              {t.icon}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box
          sx={{
            px: 1.5,
            borderTop: '1px solid',
            borderColor: 'divider',
            '& .tiptap': { minHeight: 160, outline: 'none', py: 1 },
            '& .tiptap p': { my: 0.75 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </Box>
  );
}
