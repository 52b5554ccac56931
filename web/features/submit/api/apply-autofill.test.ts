import { describe, expect, it } from 'vitest';
import type { ProjectFormValues } from '../components/project-form.tsx';
import { applyAutofill, imageFile } from './apply-autofill.ts';

const EMPTY_PROJECT: ProjectFormValues = { title: '', description: '', longDescription: '', liveUrl: '', githubUrl: '', tool: '', category: '', launchDate: '' };

describe('applyAutofill', () => {
  it('fills the empty fields and says which', () => {
    const { values, filled } = applyAutofill({ ...EMPTY_PROJECT, tool: 'Cursor' }, { title: 'Pixel Garden', description: 'Grow flowers', liveUrl: 'https://pixel.example/' });
    expect(values).toEqual({ ...EMPTY_PROJECT, tool: 'Cursor', title: 'Pixel Garden', description: 'Grow flowers', liveUrl: 'https://pixel.example/' });
    expect(filled).toEqual(['title', 'description', 'liveUrl']);
  });

  it('never replaces what the maker typed', () => {
    const typed = { ...EMPTY_PROJECT, title: 'My name for it', githubUrl: 'https://github.com/me/it' };
    const { values, filled } = applyAutofill(typed, { title: 'Their name', githubUrl: 'https://github.com/x/y', longDescription: 'More' });
    expect(values.title).toBe('My name for it');
    expect(values.githubUrl).toBe('https://github.com/me/it');
    expect(values.longDescription).toBe('More');
    expect(filled).toEqual(['longDescription']);
  });
});

describe('imageFile', () => {
  it('turns the returned bytes into a file of their type', async () => {
    const bytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4];
    const file = imageFile({ type: 'image/png', base64: btoa(String.fromCharCode(...bytes)), width: 1, height: 1 });
    expect(file.type).toBe('image/png');
    expect(file.name).toBe('preview.png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual(bytes);
  });
});
