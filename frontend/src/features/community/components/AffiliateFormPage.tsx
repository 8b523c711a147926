import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
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
import { communityQueries, useRemoveAffiliate, useSaveAffiliate } from '../api.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';

interface AffiliateValues {
  name: string;
  affiliateUrl: string;
  monetized: boolean;
  activeFrom: string;
  activeTo: string;
  position: string;
  icon: File | null;
  banner: File | null;
}

const affiliateRequest = (affiliate: AffiliateDto | null, values: AffiliateValues): AffiliateRequest => ({
  ...(affiliate ? { id: affiliate.id } : {}),
  name: values.name,
  affiliateUrl: values.affiliateUrl,
  monetized: values.monetized,
  activeFrom: fromLocalInputValue(values.activeFrom) || null,
  activeTo: fromLocalInputValue(values.activeTo) || null,
  position: values.position.trim() === '' ? 0 : Number(values.position),
});

function AffiliateForm({ affiliate }: { affiliate: AffiliateDto | null }) {
  const navigate = useNavigate();
  const saveAffiliate = useSaveAffiliate();
  const removeAffiliate = useRemoveAffiliate();
  const { form, onSubmit, busy, status, text, controlled, errorOf } = useApiForm<AffiliateValues, AffiliateDto>({
    defaultValues: {
      name: affiliate?.name ?? '',
      affiliateUrl: affiliate?.affiliateUrl ?? 'https://',
      monetized: affiliate?.monetized ?? false,
      activeFrom: affiliate?.activeFrom ? toLocalInputValue(affiliate.activeFrom) : '',
      activeTo: affiliate?.activeTo ? toLocalInputValue(affiliate.activeTo) : '',
      position: String(affiliate?.position ?? 0),
      icon: null,
      banner: null,
    },
    submit: (values, key) => saveAffiliate(affiliateRequest(affiliate, values), { icon: values.icon, banner: values.monetized ? values.banner : null }, key),
    onSaved: () => {
      navigate(pathTo('Admin-Affiliates'), { replace: !affiliate });
    },
    notSaved: 'The affiliate was not saved',
  });
  const monetized = useWatch({ control: form.control, name: 'monetized' });
  const [removing, setRemoving] = useState(false);
  const remove = () => {
    if (!affiliate || !window.confirm(`Delete ${affiliate.name}?`)) return;
    setRemoving(true);
    void removeAffiliate(affiliate.id)
      .then(() => navigate(pathTo('Admin-Affiliates')))
      .finally(() => setRemoving(false));
  };
  const zone = viewerTimeZone();
  return (
    <Box component="form" noValidate aria-label={affiliate ? 'Edit affiliate' : 'New affiliate'} onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <TextField {...text('name', { label: 'Name', required: true })} />
      <TextField type="url" {...text('affiliateUrl', { label: 'Affiliate link', required: true, help: 'Where the logo and banner lead (opens in a new tab)' })} />
      <Controller
        {...controlled('monetized', { label: 'Monetized (paid)' })}
        render={({ field }) => (
          <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Monetized (paid)" />
        )}
      />
      <TextField type="datetime-local" {...text('activeFrom', { label: `Shown from (${zone})`, help: 'Empty: from now on' })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField type="datetime-local" {...text('activeTo', { label: `Shown until (${zone})`, help: 'Empty: without end' })} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField type="number" {...text('position', { label: 'Order', help: 'Smallest first' })} />
      <Controller
        {...controlled('icon', { label: 'Logo' })}
        render={({ field }) => <ImageField label="Logo" file={field.value} onChange={field.onChange} currentUrl={affiliate?.icon} error={errorOf('icon')} />}
      />
      {monetized && (
        <Controller
          {...controlled('banner', { label: 'Banner' })}
          render={({ field }) => (
            <ImageField label="Banner (paid affiliates, wide)" file={field.value} onChange={field.onChange} currentUrl={affiliate?.banner} error={errorOf('banner')} />
          )}
        />
      )}
      <FormStatusMessage status={status} flush />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy}>
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
