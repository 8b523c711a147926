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
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ProductDto, ProductRequest } from '@paddock/contracts/community.js';
import { Controller } from 'react-hook-form';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { TitleBar } from '../../../components/TitleBar.js';
import { ImageField } from '../../../components/form/ImageField.js';
import { sessionAtom } from '../../auth/index.js';
import { communityQueries, useRemoveProduct, useSaveProduct } from '../api.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';

const SLOTS = [0, 1, 2, 3] as const;

interface ProductValues {
  name: string;
  description: string;
  price: string;
  currency: string;
  variants: string;
  shopUrl: string;
  available: boolean;
  position: string;
  image0: File | null;
  image1: File | null;
  image2: File | null;
  image3: File | null;
}

const productRequest = (product: ProductDto | null, values: ProductValues): ProductRequest => ({
  ...(product ? { id: product.id } : {}),
  name: values.name,
  description: values.description || null,
  price: values.price,
  currency: values.currency,
  variants: values.variants
    .split(',')
    .map((variant) => variant.trim())
    .filter(Boolean),
  shopUrl: values.shopUrl,
  available: values.available,
  position: values.position.trim() === '' ? 0 : Number(values.position),
});

/** Admins' product form (a dialog on the Merchandise page): pictures by slot, the first is the main one. */
function ProductDialog({ product, onClose }: { product: ProductDto | null; onClose: () => void }) {
  const saveProduct = useSaveProduct();
  const { onSubmit, busy, status, text, controlled, errorOf } = useApiForm<ProductValues, ProductDto>({
    defaultValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      price: product?.price ?? '',
      currency: product?.currency ?? 'EUR',
      variants: product?.variants.join(', ') ?? '',
      shopUrl: product?.shopUrl ?? 'https://',
      available: product?.available ?? true,
      position: String(product?.position ?? 0),
      image0: null,
      image1: null,
      image2: null,
      image3: null,
    },
    submit: (values, key) => saveProduct(productRequest(product, values), [values.image0, values.image1, values.image2, values.image3], key),
    onSaved: onClose,
    notSaved: 'The product was not saved',
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="product-dialog-title">
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="product-dialog-title">
        <DialogTitle id="product-dialog-title">{product ? `Edit ${product.name}` : 'New product'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField {...text('name', { label: 'Name', required: true })} />
          <TextField multiline minRows={2} {...text('description', { label: 'Description' })} />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <TextField {...text('price', { label: 'Price', required: true, help: 'As the shop shows it, e.g. 49.90' })} />
            <TextField {...text('currency', { label: 'Currency', required: true, help: 'e.g. EUR' })} />
          </Box>
          <TextField {...text('variants', { label: 'Sizes or variants', help: 'Separated by commas, e.g. S, M, L' })} />
          <TextField type="url" {...text('shopUrl', { label: 'Shop link', required: true, help: 'Opens in a new tab' })} />
          <TextField type="number" {...text('position', { label: 'Order', help: 'Smallest first' })} />
          <Controller
            {...controlled('available', { label: 'Available' })}
            render={({ field }) => (
              <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Available" />
            )}
          />
          {SLOTS.map((slot) => {
            const label = slot === 0 ? 'Main picture' : `Picture ${slot + 1}`;
            return (
              <Controller
                key={slot}
                {...controlled(`image${slot}`, { label })}
                render={({ field }) => (
                  <ImageField label={label} file={field.value} onChange={field.onChange} currentUrl={product?.images[slot]} error={errorOf(`image${slot}`)} />
                )}
              />
            );
          })}
          <FormStatusMessage status={status} flush />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
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
  const removeProduct = useRemoveProduct();
  const products = useQuery(communityQueries.products());
  const [editing, setEditing] = useState<ProductDto | 'new' | null>(null);
  const remove = (product: ProductDto) => {
    if (!window.confirm(`Delete ${product.name}?`)) return;
    void removeProduct(product.id);
  };
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Merchandise">
        {isAdmin && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            New product
          </Button>
        )}
      </TitleBar>
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
