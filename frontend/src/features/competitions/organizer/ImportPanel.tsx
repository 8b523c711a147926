import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { failureMessage } from '../../../components/form/failureMessage.js';
import { competitionCommands, competitionQueries, type RaceRef } from '../api.js';
import { applyOwnResults } from '../cache.js';
import type { DriverListItemDto, RaceResultsDto, ResultImportMapping, UnmatchedImportLineDto } from '../types.js';
import { DriverPicker, driverLabel } from './DriverPicker.js';

export interface ImportPanelProps {
  race: RaceRef;
  onImported: (results: RaceResultsDto) => void;
}

type Unmatched = UnmatchedImportLineDto;

/** Whether every line the file could not match has been given a driver. */
export function mappingComplete(unmatched: Unmatched[], chosen: ReadonlyMap<number, DriverListItemDto>): boolean {
  return unmatched.every((line) => chosen.has(line.line));
}

export function mappingOf(chosen: ReadonlyMap<number, DriverListItemDto>): ResultImportMapping {
  return Object.fromEntries([...chosen].map(([line, driver]) => [String(line), driver.id]));
}

/**
 * Import from a game server's results file (ACC, Assetto Corsa, rFactor 2). Drivers are matched by
 * platform id or name; the lines that could not be matched are listed for the organizer to give each
 * its driver, then the import is sent again with that mapping and saved as a new revision.
 */
export function ImportPanel({ race, onImported }: ImportPanelProps) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const sources = useQuery(competitionQueries.sources());
  const [file, setFile] = useState<File | null>(null);
  const [unmatched, setUnmatched] = useState<Unmatched[] | null>(null);
  const [chosen, setChosen] = useState<Map<number, DriverListItemDto>>(new Map());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const accept = sources.data?.flatMap((source) => source.extensions).join(',') || '.json,.xml';
  const formats = sources.data?.map((source) => source.name).join(', ') || 'ACC, Assetto Corsa or rFactor 2';

  const send = async (mapping?: ResultImportMapping) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const answer = await competitionCommands.importResults(race, file, mapping);
      if (answer.results && answer.unmatched.length === 0) {
        applyOwnResults(queryClient, race, answer.results);
        onImported(answer.results);
        setDone(`Imported ${answer.results.results.length} lines from ${file.name} as revision ${answer.results.revision ?? '?'}.`);
        setUnmatched(null);
        setChosen(new Map());
        setFile(null);
      } else {
        setUnmatched(answer.unmatched);
      }
    } catch (error) {
      setFailure(failureMessage(error, `${file.name} was not imported`));
    } finally {
      setBusy(false);
    }
  };

  const taken = new Set([...chosen.values()].map((driver) => driver.id));

  return (
    <Box component="section" aria-labelledby={`${inputId}-title`}>
      <Typography id={`${inputId}-title`} variant="h6" component="h3" gutterBottom>
        Import a results file
      </Typography>
      <Typography variant="body2" color="text.secondary" component="label" htmlFor={inputId} sx={{ display: 'block', mb: 1 }}>
        A server results file ({formats}); it replaces the grid as a new revision.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <input
          key={file ? 'chosen' : 'empty'}
          id={inputId}
          type="file"
          accept={accept}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setUnmatched(null);
            setChosen(new Map());
            setFailure(null);
            setDone(null);
          }}
        />
        <Button variant="outlined" disabled={!file || busy || unmatched !== null} onClick={() => void send()}>
          Import
        </Button>
      </Box>

      {unmatched && (
        <Box component="section" aria-label="Drivers to choose" sx={{ mt: 2 }}>
          <Alert severity="info" sx={{ mb: 1 }}>
            {unmatched.length === 1 ? 'One line' : `${unmatched.length} lines`} of {file?.name} could not be matched to a driver. Choose who each is, then save.
          </Alert>
          <List dense disablePadding>
            {unmatched.map((line) => {
              const driver = chosen.get(line.line);
              return (
                <ListItem key={line.line} disableGutters sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr' }, alignItems: 'center' }}>
                  <Typography variant="body2">
                    <strong>{line.name || 'No name'}</strong>
                    {[`P${line.position}`, line.raceNumber !== null ? `#${line.raceNumber}` : '', line.teamName ?? '', line.platformId ?? '']
                      .filter(Boolean)
                      .map((part) => ` · ${part}`)}
                  </Typography>
                  {driver ? (
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Typography variant="body2">{driverLabel(driver)}</Typography>
                      <Button
                        size="small"
                        onClick={() => setChosen((current) => new Map([...current].filter(([key]) => key !== line.line)))}
                        aria-label={`Choose another driver for ${line.name}`}
                      >
                        Change
                      </Button>
                    </Box>
                  ) : (
                    <DriverPicker
                      label={`Driver for ${line.name || `line ${line.line + 1}`}`}
                      excluded={taken}
                      onPick={(picked) => setChosen((current) => new Map(current).set(line.line, picked))}
                    />
                  )}
                </ListItem>
              );
            })}
          </List>
          <Box sx={{ mt: 1, display: 'flex', gap: 1 }}>
            <Button variant="contained" disabled={busy || !mappingComplete(unmatched, chosen)} onClick={() => void send(mappingOf(chosen))}>
              Save with these drivers
            </Button>
            <Button
              onClick={() => {
                setUnmatched(null);
                setChosen(new Map());
              }}
            >
              Cancel
            </Button>
          </Box>
        </Box>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {done && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {done}
        </Alert>
      )}
    </Box>
  );
}
