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
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { DOWNLOAD_CATEGORIES, type DownloadCategory, type DownloadDto, type DownloadFileDto } from '@paddock/contracts/community.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { showTime, viewerTimeZone } from '../../../components/dateTime.js';
import { sessionAtom } from '../../auth/index.js';
import { communityCommands, communityKeys, communityQueries } from '../api.js';
import { useSave } from '../../../components/form/useSave.js';
import { FormFailure } from '../../../components/form/FormFailure.js';

const CATEGORY_LABELS: Record<DownloadCategory, string> = { RULEBOOK: 'Rulebooks', SETUP: 'Setups', LIVERY: 'Liveries', SKIN: 'Skins', OTHER: 'Other' };
const SHOWN = /^(title|game|category|version|notes|file)$/;

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const fileText = (file: DownloadFileDto) => `${file.fileName} · ${sizeText(file.size)} · ${showTime(file.uploadedAt).dateTime}`;

/** "1 download", "12 downloads". */
export function downloadsText(count: number): string {
  return `${count} download${count === 1 ? '' : 's'}`;
}

/** Admins' download form (a dialog on the Downloads page): a new file becomes the current version, earlier ones stay listed. */
function DownloadDialog({ download, onClose }: { download: DownloadDto | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [record, setRecord] = useState({
    title: download?.title ?? '',
    game: download?.game ?? '',
    category: download?.category ?? ('RULEBOOK' as DownloadCategory),
    version: download?.version ?? '',
    notes: download?.notes ?? '',
  });
  const [file, setFile] = useState<File | null>(null);
  const set = (patch: Partial<typeof record>) => setRecord((current) => ({ ...current, ...patch }));
  const save = useSave(
    () =>
      communityCommands.saveDownload(
        {
          ...(download ? { id: download.id } : {}),
          title: record.title,
          game: record.game || null,
          category: record.category,
          version: record.version || null,
          notes: record.notes || null,
        },
        file,
      ),
    () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.downloads });
      onClose();
    },
    SHOWN,
  );
  const text = (name: 'title' | 'game' | 'version' | 'notes', label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={record[name]}
      onChange={(event) => set({ [name]: event.target.value })}
      error={Boolean(save.fieldError(name))}
      helperText={save.fieldError(name)}
      {...extra}
    />
  );
  const fileError = save.fieldError('file');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="download-dialog-title">
      <Box component="form" noValidate onSubmit={(event) => (event.preventDefault(), save.submit())}>
        <DialogTitle id="download-dialog-title">{download ? `Edit ${download.title}` : 'New download'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {text('title', 'Title', { required: true })}
          {text('game', 'Game')}
          <TextField
            select
            label="Category"
            value={record.category}
            onChange={(event) => set({ category: event.target.value as DownloadCategory })}
            error={Boolean(save.fieldError('category'))}
            helperText={save.fieldError('category')}
          >
            {DOWNLOAD_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </MenuItem>
            ))}
          </TextField>
          {text('version', 'Version')}
          {text('notes', 'Notes', { multiline: true, minRows: 2 })}
          <Box>
            <Typography component="label" htmlFor="download-file" variant="body2" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
              {download ? 'New version (optional)' : 'File'}
            </Typography>
            <input
              id="download-file"
              type="file"
              accept=".pdf,.zip,.json,image/*"
              aria-describedby="download-file-help"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <FormHelperText id="download-file-help" error={Boolean(fileError)}>
              {fileError ?? 'PDF, zip, JSON or an image; the previous file stays listed'}
            </FormHelperText>
          </Box>
          <FormFailure message={save.message} others={save.others} flush />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.busy}>
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
  const queryClient = useQueryClient();
  const downloads = useQuery(communityQueries.downloads());
  const [editing, setEditing] = useState<DownloadDto | 'new' | null>(null);
  const remove = (download: DownloadDto) => {
    if (!window.confirm(`Delete ${download.title} and all its versions?`)) return;
    void communityCommands.removeDownload(download.id).then(() => queryClient.invalidateQueries({ queryKey: communityKeys.downloads }));
  };
  const list = downloads.data ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <PageTitle>Downloads</PageTitle>
        {isAdmin && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            New download
          </Button>
        )}
      </Box>
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
