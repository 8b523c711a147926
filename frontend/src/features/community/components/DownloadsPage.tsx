import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useAtomValue } from 'jotai';
import { DOWNLOAD_CATEGORIES, type DownloadCategory, type DownloadDto, type DownloadFileDto } from '@paddock/contracts/community.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { TitleBar } from '../../../components/TitleBar.js';
import { showTime, viewerTimeZone } from '../../../components/dateTime.js';
import { sessionAtom } from '../../auth/index.js';
import { communityQueries, useRemoveDownload, useSaveDownload } from '../api.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { SelectField } from '../../../components/form/SelectField.js';

const CATEGORY_LABELS: Record<DownloadCategory, string> = { RULEBOOK: 'Rulebooks', SETUP: 'Setups', LIVERY: 'Liveries', SKIN: 'Skins', OTHER: 'Other' };

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const fileText = (file: DownloadFileDto) => `${file.fileName} · ${sizeText(file.size)} · ${showTime(file.uploadedAt).dateTime}`;

/** "1 download", "12 downloads". */
export function downloadsText(count: number): string {
  return `${count} download${count === 1 ? '' : 's'}`;
}

interface DownloadValues {
  title: string;
  game: string;
  category: DownloadCategory;
  version: string;
  notes: string;
  file: File | null;
}

/** Admins' download form (a dialog on the Downloads page): a new file becomes the current version, earlier ones stay listed. */
function DownloadDialog({ download, onClose }: { download: DownloadDto | null; onClose: () => void }) {
  const saveDownload = useSaveDownload();
  const apiForm = useApiForm<DownloadValues, DownloadDto>({
    defaultValues: {
      title: download?.title ?? '',
      game: download?.game ?? '',
      category: download?.category ?? 'RULEBOOK',
      version: download?.version ?? '',
      notes: download?.notes ?? '',
      file: null,
    },
    submit: ({ file, ...values }, key) =>
      saveDownload(
        {
          ...(download ? { id: download.id } : {}),
          title: values.title,
          game: values.game || null,
          category: values.category,
          version: values.version || null,
          notes: values.notes || null,
        },
        file,
        key,
      ),
    onSaved: onClose,
    notSaved: 'The download was not saved',
  });
  const { onSubmit, busy, status, text, controlled, feedback } = apiForm;
  const fileLabel = download ? 'New version (optional)' : 'File';
  const fileFeedback = feedback('file', 'PDF, zip, JSON or an image; the previous file stays listed');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="download-dialog-title">
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="download-dialog-title">
        <DialogTitle id="download-dialog-title">{download ? `Edit ${download.title}` : 'New download'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField {...text('title', { label: 'Title', required: true })} />
          <TextField {...text('game', { label: 'Game' })} />
          <SelectField
            form={apiForm}
            name="category"
            label="Category"
            required
            options={DOWNLOAD_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] }))}
          />
          <TextField {...text('version', { label: 'Version' })} />
          <TextField multiline minRows={2} {...text('notes', { label: 'Notes' })} />
          <Controller
            {...controlled('file', { label: 'File', required: !download })}
            render={({ field }) => (
              <Box>
                <Typography component="label" htmlFor="download-file" variant="body2" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
                  {fileLabel}
                </Typography>
                <input
                  id="download-file"
                  type="file"
                  accept=".pdf,.zip,.json,image/*"
                  aria-describedby="download-file-help"
                  aria-invalid={fileFeedback.error}
                  onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
                />
                <FormHelperText id="download-file-help" error={fileFeedback.error}>
                  {fileFeedback.helperText}
                </FormHelperText>
              </Box>
            )}
          />
          <FormStatusMessage status={status} flush />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {download ? 'Save download' : 'Upload'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function DownloadCard({ download, onEdit, onDelete }: { download: DownloadDto; onEdit?: () => void; onDelete?: () => void }) {
  return (
    <Card component="article" aria-labelledby={`download-${download.id}`} variant="outlined">
      <CardContent>
        <Typography id={`download-${download.id}`} variant="h6" component="h3">
          {download.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', my: 0.5 }}>
          {download.game && <Chip size="small" label={download.game} />}
          {download.version && <Chip size="small" variant="outlined" label={`Version ${download.version}`} />}
          <Chip size="small" variant="outlined" label={downloadsText(download.downloadCount)} />
        </Box>
        {download.notes && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {download.notes}
          </Typography>
        )}
        {download.file && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {fileText(download.file)}
          </Typography>
        )}
        {download.previousVersions.length > 0 && (
          <Box component="details" sx={{ mt: 1 }}>
            <summary>Previous versions ({download.previousVersions.length})</summary>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {download.previousVersions.map((file) => (
                <li key={file.id}>
                  <Link href={file.url} download>
                    {file.version ? `Version ${file.version}` : file.fileName}
                  </Link>{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {fileText(file)}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        {download.file && (
          <Button href={download.file.url} download variant="contained" size="small" aria-label={`Download ${download.title}`}>
            Download
          </Button>
        )}
        {onEdit && (
          <Button size="small" onClick={onEdit}>
            Edit
          </Button>
        )}
        {onDelete && (
          <Button size="small" color="error" onClick={onDelete}>
            Delete
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** Downloads: the files the league shares (rulebooks, setups, liveries, skins) by category; admins upload and replace them here. */
export default function DownloadsPage() {
  const { isAdmin } = useAtomValue(sessionAtom);
  const removeDownload = useRemoveDownload();
  const downloads = useQuery(communityQueries.downloads());
  const [editing, setEditing] = useState<DownloadDto | 'new' | null>(null);
  const remove = (download: DownloadDto) => {
    if (!window.confirm(`Delete ${download.title} and all its versions?`)) return;
    void removeDownload(download.id);
  };
  const list = downloads.data ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Downloads">
        {isAdmin && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            New download
          </Button>
        )}
      </TitleBar>
      {downloads.isPending ? (
        <CenteredLoader label="Loading downloads" />
      ) : list.length === 0 ? (
        <EmptyState title="No downloads yet">Rulebooks, setups and liveries will be shared here.</EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Times in {viewerTimeZone()}
          </Typography>
          {DOWNLOAD_CATEGORIES.filter((category) => list.some((download) => download.category === category)).map((category) => (
            <Box component="section" key={category} aria-labelledby={`category-${category}`} sx={{ my: 2 }}>
              <Typography id={`category-${category}`} variant="h5" component="h2" gutterBottom>
                {CATEGORY_LABELS[category]}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                {list
                  .filter((download) => download.category === category)
                  .map((download) => (
                    <DownloadCard
                      key={download.id}
                      download={download}
                      onEdit={isAdmin ? () => setEditing(download) : undefined}
                      onDelete={isAdmin ? () => remove(download) : undefined}
                    />
                  ))}
              </Box>
            </Box>
          ))}
        </>
      )}
      {editing && <DownloadDialog download={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Container>
  );
}
