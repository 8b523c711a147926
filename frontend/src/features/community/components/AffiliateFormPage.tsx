import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { AffiliateDto, AffiliateRequest } from '@paddock/contracts/community.js';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { fromLocalInputValue, toLocalInputValue, viewerTimeZone } from '../../../components/dateTime.js';
import { routeId } from '../../../components/routeId.js';
import { ApiError } from '../../../lib/api/client.js';
import { communityCommands, communityKeys, communityQueries } from '../api.js';
import { useSave } from '../../../components/form/useSave.js';
import { FormFailure } from '../../../components/form/FormFailure.js';

const SHOWN = /^(name|affiliateUrl|monetized|activeFrom|activeTo|position|icon|banner)$/;

function AffiliateForm({ affiliate }: { affiliate: AffiliateDto | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [record, setRecord] = useState({
    name: affiliate?.name ?? '',
    affiliateUrl: affiliate?.affiliateUrl ?? 'https://',
    monetized: affiliate?.monetized ?? false,
    activeFrom: affiliate?.activeFrom ? toLocalInputValue(affiliate.activeFrom) : '',
    activeTo: affiliate?.activeTo ? toLocalInputValue(affiliate.activeTo) : '',
    position: String(affiliate?.position ?? 0),
  });
  const [icon, setIcon] = useState<File | null>(null);
  const [banner, setBanner] = useState<File | null>(null);
  const set = (patch: Partial<typeof record>) => setRecord((current) => ({ ...current, ...patch }));
  const request = (): AffiliateRequest => ({
    ...(affiliate ? { id: affiliate.id } : {}),
    name: record.name,
    affiliateUrl: record.affiliateUrl,
    monetized: record.monetized,
    activeFrom: fromLocalInputValue(record.activeFrom) || null,
    activeTo: fromLocalInputValue(record.activeTo) || null,
    position: record.position.trim() === '' ? 0 : Number(record.position),
  });
  const save = useSave(
    () => communityCommands.saveAffiliate(request(), { icon, banner: record.monetized ? banner : null }),
    () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.affiliates });
      navigate(pathTo('Admin-Affiliates'), { replace: !affiliate });
    },
    SHOWN,
  );
  const [removing, setRemoving] = useState(false);
  const remove = () => {
    if (!affiliate || !window.confirm(`Delete ${affiliate.name}?`)) return;
    setRemoving(true);
    void communityCommands
      .removeAffiliate(affiliate.id)
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: communityKeys.affiliates });
        navigate(pathTo('Admin-Affiliates'));
      })
      .finally(() => setRemoving(false));
  };
  const zone = viewerTimeZone();
  return (
    <Box
      component="form"
      noValidate
      aria-label={affiliate ? 'Edit affiliate' : 'New affiliate'}
      onSubmit={(event) => (event.preventDefault(), save.submit())}
      sx={{ display: 'grid', gap: 2, maxWidth: 640 }}
    >
      <TextField
        label="Name"
        required
        value={record.name}
        onChange={(event) => set({ name: event.target.value })}
        error={Boolean(save.fieldError('name'))}
        helperText={save.fieldError('name')}
      />
      <TextField
        label="Affiliate link"
        required
        type="url"
        value={record.affiliateUrl}
        onChange={(event) => set({ affiliateUrl: event.target.value })}
        error={Boolean(save.fieldError('affiliateUrl'))}
        helperText={save.fieldError('affiliateUrl') ?? 'Where the logo and banner lead (opens in a new tab)'}
      />
      <FormControlLabel control={<Switch checked={record.monetized} onChange={(event) => set({ monetized: event.target.checked })} />} label="Monetized (paid)" />
      <TextField
        label={`Shown from (${zone})`}
        type="datetime-local"
        value={record.activeFrom}
        onChange={(event) => set({ activeFrom: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={Boolean(save.fieldError('activeFrom'))}
        helperText={save.fieldError('activeFrom') ?? 'Empty: from now on'}
      />
      <TextField
        label={`Shown until (${zone})`}
        type="datetime-local"
        value={record.activeTo}
        onChange={(event) => set({ activeTo: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={Boolean(save.fieldError('activeTo'))}
        helperText={save.fieldError('activeTo') ?? 'Empty: without end'}
      />
      <TextField
        label="Order"
        type="number"
        value={record.position}
        onChange={(event) => set({ position: event.target.value })}
        error={Boolean(save.fieldError('position'))}
        helperText={save.fieldError('position') ?? 'Smallest first'}
      />
      <ImageField label="Logo" file={icon} onChange={setIcon} currentUrl={affiliate?.icon} error={save.fieldError('icon')} />
      {record.monetized && (
        <ImageField label="Banner (paid affiliates, wide)" file={banner} onChange={setBanner} currentUrl={affiliate?.banner} error={save.fieldError('banner')} />
      )}
      <FormFailure message={save.message} others={save.others} flush />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.busy}>
          {affiliate ? 'Save affiliate' : 'Create affiliate'}
        </Button>
        {affiliate && (
          <Button color="error" onClick={remove} disabled={removing}>
            Delete
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** Admin-Affiliate: create (`/admin/affiliates/new`) or edit an affiliate; an id that names none shows the not-found page. */
export default function AffiliateFormPage() {
  const param = useParams().affiliate ?? 'new';
  const isNew = param === 'new';
  const id = routeId(param);
  const affiliate = useQuery({ ...communityQueries.affiliate(id ?? 0), enabled: !isNew && id !== null });
  if (!isNew) {
    if (id === null || (affiliate.error instanceof ApiError && affiliate.error.status === 404)) return <NotFoundPage />;
    if (affiliate.isPending) return <CenteredLoader label="Loading affiliate" />;
    if (!affiliate.data) return <NotFoundPage />;
  }
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Button component={RouterLink} to={pathTo('Admin-Affiliates')}>
        ← All affiliates
      </Button>
      <PageTitle>{affiliate.data ? affiliate.data.name : 'New affiliate'}</PageTitle>
      <AffiliateForm key={affiliate.data?.id ?? 'new'} affiliate={affiliate.data ?? null} />
    </Container>
  );
}
