import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { commentSchema, projectSubmissionSchema, toProjectInsert, validateProjectImage } from './project-submission.ts';

const valid = {
  title: '  Recipe Radar ',
  description: 'Finds recipes from what is in your fridge.',
  longDescription: '',
  liveUrl: 'recipe-radar.example.com',
  githubUrl: '',
  tool: 'Cursor',
  category: 'App',
};

const firstError = (input: unknown) => {
  const r = projectSubmissionSchema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]!.message;
};

describe('projectSubmissionSchema', () => {
  it('trims, turns blank optional fields into null and completes bare hosts', () => {
    const r = projectSubmissionSchema.parse(valid);
    expect(r).toEqual({
      title: 'Recipe Radar',
      description: valid.description,
      longDescription: null,
      liveUrl: 'https://recipe-radar.example.com',
      githubUrl: null,
      tool: 'Cursor',
      category: 'App',
      launchDate: null,
    });
  });

  it('requires a tool and a category with the spec message', () => {
    expect(firstError({ ...valid, tool: '' })).toBe('Please select a tool and category');
    expect(firstError({ ...valid, category: 'Games' })).toBe('Please select a tool and category');
    expect(firstError({ ...valid, tool: undefined })).toBe('Please select a tool and category');
  });

  it('requires a title and a short description of at most 200 characters', () => {
    expect(firstError({ ...valid, title: '   ' })).toBe(MESSAGES.titleRequired);
    expect(firstError({ ...valid, description: '' })).toBe(MESSAGES.descriptionRequired);
    expect(firstError({ ...valid, description: 'x'.repeat(200) })).toBeUndefined();
    expect(firstError({ ...valid, description: 'x'.repeat(201) })).toBe(MESSAGES.descriptionTooLong);
    expect(firstError({ ...valid, title: 'x'.repeat(101) })).toBe(MESSAGES.titleTooLong);
  });

  it('refuses links that are not http(s)', () => {
    expect(firstError({ ...valid, liveUrl: 'javascript:alert(1)' })).toBe(MESSAGES.invalidUrl);
    expect(firstError({ ...valid, githubUrl: 'not a url' })).toBe(MESSAGES.invalidUrl);
  });

  it('builds the spec insert with 0 upvotes and not featured', () => {
    const row = toProjectInsert(projectSubmissionSchema.parse(valid), 'u1', 'https://img.example/a.png');
    expect(row).toMatchObject({ creator_id: 'u1', upvotes: 0, featured: false, image_url: 'https://img.example/a.png', github_url: null });
  });
});

describe('validateProjectImage', () => {
  it('applies the spec image rules', () => {
    expect(validateProjectImage(null)).toBe('Please upload a project image');
    expect(validateProjectImage({ size: 5_242_881, type: 'image/png' })).toBe('Image size should be less than 5MB');
    expect(validateProjectImage({ size: 5_242_880, type: 'image/png' })).toBeNull();
    expect(validateProjectImage({ size: 10, type: 'image/svg+xml' })).toBe(MESSAGES.imageTypeNotAllowed);
  });
});

describe('commentSchema', () => {
  it('refuses blank comments with the spec message', () => {
    const r = commentSchema.safeParse({ content: '  \n ' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('Please enter your comment');
    expect(commentSchema.parse({ content: ' hi ' }).content).toBe('hi');
  });
});
