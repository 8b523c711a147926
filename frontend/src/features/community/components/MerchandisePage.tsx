import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ProductDto } from '@paddock/contracts/community.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { sessionAtom } from '../../auth/index.js';
import { communityCommands, communityKeys, communityQueries } from '../api.js';
import { useSave } from '../../../components/form/useSave.js';
import { FormFailure } from '../../../components/form/FormFailure.js';

const SLOTS = [0, 1, 2, 3];
const SHOWN = /^(name|description|price|currency|variants|shopUrl|position|image[0-3])$/;

/** Admins' product form (a dialog on the Merchandise page): pictures by slot, the first is the main one. */
function ProductDialog({ product, onClose }: { product: ProductDto | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [record, setRecord] = useState({
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product?.price ?? '',
    currency: product?.currency ?? 'EUR',
    variants: product?.variants.join(', ') ?? '',
    shopUrl: product?.shopUrl ?? 'https://',
    available: product?.available ?? true,
    position: String(product?.position ?? 0),
  });
  const [images, setImages] = useState<(File | null)[]>([null, null, null, null]);
  const set = (patch: Partial<typeof record>) => setRecord((current) => ({ ...current, ...patch }));
  const save = useSave(
    () =>
      communityCommands.saveProduct(
        {
          ...(product ? { id: product.id } : {}),
          name: record.name,
          description: record.description || null,
          price: record.price,
          currency: record.currency,
          variants: record.variants
            .split(',')
            .map((variant) => variant.trim())
            .filter(Boolean),
          shopUrl: record.shopUrl,
          available: record.available,
          position: record.position.trim() === '' ? 0 : Number(record.position),
        },
        images,
      ),
    () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.merchandise });
      onClose();
    },
    SHOWN,
  );
  const field = (name: keyof typeof record, label: string, help?: string, extra: object = {}) => (
    <TextField
      label={label}
      value={record[name] as string}
      onChange={(event) => set({ [name]: event.target.value })}
      error={Boolean(save.fieldError(name))}
      helperText={save.fieldError(name) ?? help}
      {...extra}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="product-dialog-title">
      <Box component="form" noValidate onSubmit={(event) => (event.preventDefault(), save.submit())}>
        <DialogTitle id="product-dialog-title">{product ? `Edit ${product.name}` : 'New product'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {field('name', 'Name', undefined, { required: true })}
          {field('description', 'Description', undefined, { multiline: true, minRows: 2 })}
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            {field('price', 'Price', 'As the shop shows it, e.g. 49.90', { required: true })}
            {field('currency', 'Currency', 'e.g. EUR', { required: true })}
          </Box>
          {field('variants', 'Sizes or variants', 'Separated by commas, e.g. S, M, L')}
          {field('shopUrl', 'Shop link', 'Opens in a new tab', { required: true, type: 'url' })}
          {field('position', 'Order', 'Smallest first', { type: 'number' })}
          <FormControlLabel control={<Switch checked={record.available} onChange={(event) => set({ available: event.target.checked })} />} label="Available" />
          {SLOTS.map((slot) => (
            <ImageField
              key={slot}
              label={slot === 0 ? 'Main picture' : `Picture ${slot + 1}`}
              file={images[slot]}
              onChange={(file) => setImages((current) => current.map((image, index) => (index === slot ? file : image)))}
              currentUrl={product?.images[slot]}
              error={save.fieldError(`image${slot}`)}
            />
          ))}
          <FormFailure message={save.message} others={save.others} flush />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.busy}>
            {product ? 'Save product' : 'Create product'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function ProductCard({ product, onEdit }: { product: ProductDto; onEdit?: () => void }) {
  return (
    <Card component="article" aria-labelledby={`product-${product.id}`} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {product.images[0] ? (
        <CardMedia component="img" image={product.images[0]} alt={product.name} sx={{ aspectRatio: '1 / 1', objectFit: 'cover' }} />
      ) : (
        <Box sx={{ aspectRatio: '1 / 1', bgcolor: 'action.hover' }} aria-hidden />
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={`product-${product.id}`} variant="h6" component="h2">
          {product.name}
        </Typography>
        <Typography variant="subtitle1" color="primary">
          {product.price} {product.currency}
        </Typography>
        {product.description && (
          <Typography variant="body2" color="text.secondary">
            {product.description}
          </Typography>
        )}
        {product.variants.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }} aria-label="Sizes and variants">
            {product.variants.map((variant) => (
              <Chip key={variant} size="small" label={variant} variant="outlined" />
            ))}
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        {product.available ? (
          <Button href={product.shopUrl} target="_blank" rel="noopener" variant="contained" size="small" aria-label={`Buy ${product.name} (opens the shop in a new tab)`}>
            Buy in shop
          </Button>
        ) : (
          <Chip label="Sold out" size="small" />
        )}
        {onEdit && (
          <Button size="small" onClick={onEdit}>
            Edit
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** Merchandise: the league's products in a grid, with a link to the shop; admins add and edit them here. */
export default function MerchandisePage() {
  const { isAdmin } = useAtomValue(sessionAtom);
  const queryClient = useQueryClient();
  const products = useQuery(communityQueries.products());
  const [editing, setEditing] = useState<ProductDto | 'new' | null>(null);
  const remove = (product: ProductDto) => {
    if (!window.confirm(`Delete ${product.name}?`)) return;
    void communityCommands.removeProduct(product.id).then(() => queryClient.invalidateQueries({ queryKey: communityKeys.merchandise }));
  };
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <PageTitle>Merchandise</PageTitle>
        {isAdmin && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            New product
          </Button>
        )}
      </Box>
      {products.isPending ? (
        <CenteredLoader label="Loading merchandise" />
      ) : !products.data?.length ? (
        <EmptyState title="No merchandise yet">Check back soon for league gear.</EmptyState>
      ) : (
        <Box
          component="ul"
          aria-label="Products"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}
        >
          {products.data.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} onEdit={isAdmin ? () => setEditing(product) : undefined} />
              {isAdmin && (
                <Button size="small" color="error" onClick={() => remove(product)}>
                  Delete {product.name}
                </Button>
              )}
            </li>
          ))}
        </Box>
      )}
      {editing && <ProductDialog product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Container>
  );
}
